from audit.cli.app import main

main()
